"""Drawing on the canvas: card sprites, the board of piles, the shared game-scene base, widgets, effects."""
