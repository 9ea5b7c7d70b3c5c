"""The one service layer: the only place raw source text meets the redactor."""
