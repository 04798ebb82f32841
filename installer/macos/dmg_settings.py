# dmgbuild settings for Action Deck's macOS disk image. installer/build.py runs:
#   python -m dmgbuild -s installer/macos/dmg_settings.py -D app=".../Action Deck.app"
#       -D icon=".../actiondeck.icns" "Action Deck" ActionDeck-X.Y.Z.dmg
#
# dmgbuild executes this file with `defines` (the -D values) in scope. The window shows the app
# beside a link to /Applications: a player drags one onto the other, as with every Mac app.
# ruff: noqa: F821  (defines comes from dmgbuild)

import os.path

application = defines["app"]
app_name = os.path.basename(application)

format = "UDZO"  # zlib-compressed, read-only: opens on every supported macOS
filesystem = "HFS+"
size = None  # dmgbuild measures the contents

files = [application]
symlinks = {"Applications": "/Applications"}
icon = defines.get("icon")  # the mounted volume shows the app icon (badging needs PyObjC)

default_view = "icon-view"
show_status_bar = False
show_tab_view = False
show_toolbar = False
show_pathbar = False
show_sidebar = False
window_rect = ((200, 160), (560, 320))
icon_size = 128
text_size = 14
arrange_by = None
icon_locations = {app_name: (140, 150), "Applications": (420, 150)}
