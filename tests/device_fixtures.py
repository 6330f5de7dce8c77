"""The `device` fixture (registered for every test module in conftest.py): runs a test twice, once
with the keyboard and once with a virtual gamepad attached throughout. It uses the module's own `app`
fixture, the table app the test plays on."""
from __future__ import annotations

import pytest
from input_drive import Gamepad, Keyboard
from virtual_pad import VirtualPad


@pytest.fixture(params=["keyboard", "pad"])
def device(request, app):
    """The one device a test plays with: Keyboard(app), or Gamepad(app, pad) with the pad connected."""
    if request.param == "keyboard":
        yield Keyboard(app)
        return
    with VirtualPad() as pad:
        VirtualPad.frame(app, 2)
        assert app.pads.connected == 1
        yield Gamepad(app, pad)
    VirtualPad.frame(app, 1)
