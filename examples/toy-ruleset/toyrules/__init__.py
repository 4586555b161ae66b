"""Tack and advance: a toy ruleset showing what a ruleset brings to rightofway."""
