"""The table drawn as a graphics scene: layout, card and zone items, faces, the view."""
