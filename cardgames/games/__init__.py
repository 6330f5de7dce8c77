"""The four games. Each package holds a pure rules module, its AI and its scene."""
