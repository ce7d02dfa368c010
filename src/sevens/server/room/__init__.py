"""A room and its parts: one table's authority (:mod:`.room`) and the helpers each doing one of its jobs.

- :mod:`.room` the room: the table's state and the doors the rest of the server uses;
- :mod:`.frames` frames and broadcasts, :mod:`.seats` seats and connections, :mod:`.rounds` sessions, rounds and
  the one commit path, :mod:`.moves` move messages, :mod:`.dispatch` the other messages, :mod:`.info` the room
  described;
- :mod:`.autoplay` turn clocks (E4), grace periods, computer moves; :mod:`.restore` resuming from the store;
- :mod:`.shape` what those helpers read of a room (Protocols: no import circle);
- :mod:`.members` seats and options; :mod:`.bots` computer players; :mod:`.chat` chat, kids phrases;
  :mod:`.ghost` the ghost rule (B13) through chat; :mod:`.reactions` stamps.

This file imports nothing: the wire format (:mod:`sevens.server.messages`) reads :mod:`.reactions` and the
catalog reads :mod:`.chat`, so importing a part must not load the whole room.
"""
