"""The hall's faces: HTTP routers, the table and per-user sockets, and what requests share."""
