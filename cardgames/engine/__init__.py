"""Game-agnostic pygame machinery: scenes, time, tweens, input, canvas, assets."""
