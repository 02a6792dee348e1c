"""Drawing with pygame: the camera (world <-> screen), terrain, counters and the umpire's overlays.

Nothing here changes the game; it draws what the app hands it. ``render/tiles.py`` draws Tiled tile layers.
"""
