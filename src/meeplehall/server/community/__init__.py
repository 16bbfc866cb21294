"""What brings strangers to one table: the "Play now" queue and tournaments."""
