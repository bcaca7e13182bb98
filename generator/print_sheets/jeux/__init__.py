"""The print sheets of each game with a layout of its own: one module per game, each with `sheets(game)`."""
