"""Settings and theme: the dialog, saving, and dropping the models the old settings named."""

from __future__ import annotations

from collections.abc import Callable

from PySide6.QtCore import QObject
from PySide6.QtWidgets import QDialog

from desktop.job_runner import JobRunner
from desktop.main_window import MainWindow
from desktop.models import ModelOwner
from engine.settings import Settings, save_settings


class Preferences(QObject):
    def __init__(self, window: MainWindow, runner: JobRunner, settings: Settings, owner: ModelOwner,
                 apply_theme: Callable[[str], None]) -> None:
        super().__init__(window)
        self.window, self.runner, self.settings, self.owner = window, runner, settings, owner
        self.apply_theme = apply_theme
        window.commands.settings.triggered.connect(self.open_settings)
        window.commands.theme_group.triggered.connect(lambda action: self.set_theme(action.data()))
        window.commands.set_theme(settings.theme)

    def open_settings(self) -> QDialog:
        from desktop.settings_dialog import SettingsDialog

        dialog = SettingsDialog(self.settings, self.runner, self.window)
        dialog.accepted.connect(lambda: self.apply_settings(dialog.settings()))
        dialog.open()
        return dialog

    def apply_settings(self, settings: Settings) -> None:
        self.owner.settings_changed(self.settings, settings)  # built again, from these, on next use
        self.settings = settings
        save_settings(settings)
        self.window.commands.set_theme(settings.theme)
        self.apply_theme(settings.theme)

    def set_theme(self, theme: str) -> None:
        self.settings.theme = theme
        save_settings(self.settings)  # the recent list lives in its own file: nothing to roll back
        self.apply_theme(theme)
