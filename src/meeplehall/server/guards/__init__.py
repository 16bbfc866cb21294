"""What keeps clients within bounds: rate limits, origins, body size, strict JSON, socket limits."""
