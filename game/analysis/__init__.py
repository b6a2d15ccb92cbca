"""The theatre's coach: position values, what they mean as win chances, and the mistakes they mark."""
