"""Who people are: display names, sessions and the user's public form."""
