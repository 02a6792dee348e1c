"""The umpire's window: the event loop (:class:`kriegsspiel.app.app.App`), the drag controller, the tools,
the console and the side panel. The window itself is created by ``kriegsspiel play``; the App draws on any
Surface, so tests drive it headless with posted pygame events.
"""
