"""A form on a screen of its own: Enter in any field, or its button, submits it; Escape goes
back to the screen beneath. The setup form and the timer's form behave alike this way."""

from __future__ import annotations

from abc import abstractmethod

from textual.widgets import Button

from tilegames.ui.screens.base import BaseScreen


class FormScreen(BaseScreen):
    def on_input_submitted(self) -> None:
        self.action_start()

    def on_button_pressed(self, event: Button.Pressed) -> None:
        self.action_start()

    def action_back(self) -> None:
        self.dismiss(None)

    @abstractmethod
    def action_start(self) -> None:
        """Read the form and go on, or say on the form what will not do (each form its own)."""
