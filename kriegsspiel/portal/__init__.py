"""The players' portal: each player's picture and report on their phone through a secret link, orders sent
back and journaled, the umpire's inbox. See ``docs/portal.md``.

- :mod:`~kriegsspiel.portal.links`: the secret links (tokens in a 0600 file beside the save)
- :mod:`~kriegsspiel.portal.records`: what the portal writes in the journal and reads back
- :mod:`~kriegsspiel.portal.inbox`: the umpire's inbox of a round or phase (the console, ``kriegsspiel inbox``)
- :mod:`~kriegsspiel.portal.service`: the shared state of a running portal (thread-safe); what each player is
  shown and how their orders are taken is the game's, its session's desk (:mod:`kriegsspiel.store.desk`)
- :mod:`~kriegsspiel.portal.pages`, :mod:`~kriegsspiel.portal.server`: the web pages and the aiohttp server
- :mod:`~kriegsspiel.portal.console`, :mod:`~kriegsspiel.portal.opening`: the umpire's terminal of ``serve``
- :mod:`~kriegsspiel.portal.qr`: QR codes of the links (segno)

Importing this package loads neither aiohttp nor pygame; the modules that need them do.
"""
