"""The Settings dialog: generator model, GPU layers, context size, threads, encoder and its precision, theme.

The generator box says plainly that the embedded model is small, lists the
recommended 3-8B instruct downloads (``redraft models download NAME``), and
has an "Import model…" button that registers a GGUF (validated and hashed on
a worker when a ``JobRunner`` is given) and selects it.

It edits a copy of the ``Settings``; the caller saves ``dialog.settings()`` on
accept. Whether this llama.cpp build can offload to a GPU is checked on a
worker (``llama_cpp`` is a heavy import) and shown when known.
"""

from __future__ import annotations

import dataclasses
import os
from typing import Any

from PySide6.QtCore import Qt
from PySide6.QtWidgets import (
    QComboBox, QDialog, QDialogButtonBox, QFileDialog, QFormLayout, QGroupBox, QHBoxLayout, QLabel, QLineEdit,
    QPushButton, QSpinBox, QVBoxLayout, QWidget,
)

from desktop.job_runner import JobRunner
from engine.models.download import RECOMMENDED
from engine.settings import Settings
from widgets.controls import PROBLEM_ROLE
from widgets.model_picker import ModelPicker

THEMES = (("system", "Follow the system"), ("light", "Light"), ("dark", "Dark"))
ENCODER_PRECISIONS = (("int8", "int8 (about 2x faster on a CPU)"), ("fp32", "float32 (exact)"))
CONTEXT_SIZES = (2048, 4096, 8192, 16384, 32768, 65536, 131072)
#: The dialog's width at the least: the model table's six columns beside the running options (a 1366-px screen).
DIALOG_WIDTH = 1080


EMBEDDED_TEXT = ("the embedded SmolLM2 135M Instruct: small and fast, checked before you see its text, "
                 "but weak; a 3-8B instruct GGUF writes real suggestions")


def recommended_text() -> str:
    """The recommended instruct downloads, one line each."""
    lines = [f"• {r.name} (~{r.approx_gb:g} GB): {r.note}" for r in RECOMMENDED]
    return ("Recommended instruct models (`redraft models download NAME` fetches one and adds it here):\n"
            + "\n".join(lines))


def offload_text(report: Any) -> str:
    """One line for a ``BackendReport``."""
    if report.gpu_offload:
        return f"GPU offload available ({report.backend} build" + (
            f", {report.visible_gpu})" if report.visible_gpu else ")")
    if getattr(report, "gpu_problem", None):  # a GPU build on a machine where its backend cannot run
        return f"GPU offload not available: {report.hint}."
    line = f"GPU offload not available: this llama.cpp build is {report.backend}-only"
    return line + (f". {report.hint}" if report.hint else ".")


def check_backend(_cancel: object) -> Any:
    from engine.models.llama.backend import backend_report

    return backend_report()


class SettingsDialog(QDialog):
    """Edits a copy of ``settings``; read the result with ``settings()``."""

    def __init__(self, settings: Settings, runner: JobRunner | None = None, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setWindowTitle("Settings")
        self.setAccessibleName("Settings")
        self._settings = dataclasses.replace(settings)
        self.generator_key = settings.generator_path
        self.runner = runner

        self.models = ModelPicker()
        self.models.setAccessibleName("Generator model")
        self.models.sig_model_chosen.connect(self._model_chosen)
        tree = self.models.tree  # three models in view (trial26: with two imported, one and a half rows showed)
        tree.setMinimumHeight(tree.header().sizeHint().height() + 3 * max(tree.sizeHintForRow(0), 20) + 4)
        self.model_label = QLabel(self._model_text())
        self.model_label.setAccessibleName("Chosen generator")
        self.model_label.setWordWrap(True)

        self.gpu_layers = QSpinBox()
        self.gpu_layers.setRange(-1, 999)
        self.gpu_layers.setSpecialValueText("all layers when supported")
        self.gpu_layers.setValue(settings.n_gpu_layers)
        self.gpu_layers.setAccessibleName("GPU layers")
        self.offload = QLabel("Checking GPU offload…")
        self.offload.setAccessibleName("GPU offload availability")
        self.offload.setWordWrap(True)

        self.context = QComboBox()
        self.context.setAccessibleName("Context size")
        self.context.setEditable(True)
        for n in CONTEXT_SIZES:
            self.context.addItem(f"{n}", n)
        self.context.setCurrentText(str(settings.n_ctx))

        self.threads = QSpinBox()
        self.threads.setRange(0, max(os.cpu_count() or 1, 1) * 2)
        self.threads.setSpecialValueText("automatic")
        self.threads.setValue(settings.n_threads)
        self.threads.setAccessibleName("Threads")

        self.encoder = QLineEdit(settings.encoder_path)
        self.encoder.setPlaceholderText("embedded all-MiniLM-L6-v2")
        self.encoder.setAccessibleName("Encoder folder")
        browse = QPushButton("Browse…")
        browse.setAccessibleName("Browse for an encoder folder")
        browse.clicked.connect(self._browse_encoder)
        encoder_row = QHBoxLayout()
        encoder_row.addWidget(self.encoder, 1)
        encoder_row.addWidget(browse)
        # Which runtime would run the folder (PyTorch is optional): read from its config, nothing imported.
        self.encoder_note = QLabel("")
        self.encoder_note.setAccessibleName("Encoder runtime")
        self.encoder_note.setWordWrap(True)
        self.encoder.textChanged.connect(self._describe_encoder)
        self._describe_encoder(self.encoder.text())

        self.precision = QComboBox()
        self.precision.setAccessibleName("Encoder precision")
        for key, label in ENCODER_PRECISIONS:
            self.precision.addItem(label, key)
        self.precision.setCurrentIndex(max(self.precision.findData(settings.encoder_precision), 0))
        self.precision.setToolTip("int8 embeds about twice as fast on a CPU (cosine 0.997 to float32); "
                                  "float32 reproduces the reference model. BERT-family encoders only.")

        self.theme = QComboBox()
        self.theme.setAccessibleName("Theme")
        for key, label in THEMES:
            self.theme.addItem(label, key)
        self.theme.setCurrentIndex(max(self.theme.findData(settings.theme), 0))

        self.import_button = QPushButton("Import model…")
        self.import_button.setAccessibleName("Import a GGUF model")
        self.import_button.setToolTip("Add a GGUF file from disk to the models Redraft can use")
        self.import_button.clicked.connect(self._choose_import)
        self.import_status = QLabel("")
        self.import_status.setWordWrap(True)
        self.recommended = QLabel(recommended_text())
        self.recommended.setAccessibleName("Recommended models")
        self.recommended.setWordWrap(True)
        self.recommended.setTextInteractionFlags(self.recommended.textInteractionFlags()
                                                 | Qt.TextInteractionFlag.TextSelectableByMouse)
        import_row = QHBoxLayout()
        import_row.addWidget(self.import_button)
        import_row.addWidget(self.import_status, 1)
        model_box = QGroupBox("Generator")
        model_layout = QVBoxLayout(model_box)
        model_layout.addWidget(self.models, 1)
        model_layout.addWidget(self.model_label)
        model_layout.addLayout(import_row)
        model_layout.addWidget(self.recommended)
        run_box = QGroupBox("Running models")
        form = QFormLayout(run_box)
        form.addRow("&GPU layers:", self.gpu_layers)
        form.addRow("", self.offload)
        form.addRow("&Context size:", self.context)
        form.addRow("&Threads:", self.threads)
        encoder_label = QLabel("&Encoder folder:")  # a row of two widgets: the label needs its buddy named, or it
        encoder_label.setBuddy(self.encoder)  # shows the "&" (trial26)
        form.addRow(encoder_label, encoder_row)
        form.addRow("", self.encoder_note)
        form.addRow("Encoder &precision:", self.precision)
        look_box = QGroupBox("Appearance")
        look = QFormLayout(look_box)
        look.addRow("T&heme:", self.theme)
        buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Ok | QDialogButtonBox.StandardButton.Cancel)
        buttons.accepted.connect(self.accept)
        buttons.rejected.connect(self.reject)
        # Two columns, the generator beside how models run: stacked, they were 715 px tall under Noto Sans (the
        # default of many Linux desktops) where a 1366 x 768 screen has about 700 for a dialog (session 28).
        side = QVBoxLayout()
        side.addWidget(run_box)
        side.addWidget(look_box)
        side.addStretch(1)
        columns = QHBoxLayout()
        columns.addWidget(model_box, 4)
        columns.addLayout(side, 3)
        layout = QVBoxLayout(self)
        layout.addLayout(columns, 1)
        layout.addWidget(buttons)
        self.resize(max(self.sizeHint().width(), DIALOG_WIDTH), self.sizeHint().height())

        if runner is not None:
            runner.run_call(check_backend, label="checking the llama.cpp build",
                            on_success=self.show_backend, on_failure=self._backend_failed)

    def accept(self) -> None:
        """Close with the edits, unless the encoder folder was changed to one no runtime can load: then its problem
        stays on screen, in the problem colour, and nothing is saved (the previous encoder stands; trial26)."""
        from engine.models.encoders.cached import folder_problem

        folder = self.encoder.text().strip()
        problem = folder_problem(folder) if folder and folder != self._settings.encoder_path else None
        if problem:
            self.encoder_note.setText(f"Not saved: {problem}")
            self.encoder_note.setProperty("role", PROBLEM_ROLE)
            self.encoder_note.style().polish(self.encoder_note)
            self.encoder.setFocus()
            return
        super().accept()

    def show_backend(self, report: Any) -> None:
        self.offload.setText(offload_text(report))

    def settings(self) -> Settings:
        """The edited settings (a copy; nothing is saved here)."""
        s = dataclasses.replace(self._settings)
        s.generator_path = self.generator_key
        s.n_gpu_layers = self.gpu_layers.value()
        try:
            s.n_ctx = max(512, int(self.context.currentText()))
        except ValueError:
            pass
        s.n_threads = self.threads.value()
        s.encoder_path = self.encoder.text().strip()
        s.encoder_precision = self.precision.currentData()
        s.theme = self.theme.currentData()
        return s

    def _model_text(self) -> str:
        return f"Chosen: {self.generator_key or EMBEDDED_TEXT}"

    def _model_chosen(self, key: str) -> None:
        self.generator_key = "" if key.startswith("embedded") else key
        self.model_label.setText(self._model_text())

    def import_model(self, path: str) -> None:
        """Register ``path`` (on the runner's worker when there is one), then select it."""
        from engine.models.registry import ModelRegistry

        registry = self.models.registry if isinstance(self.models.registry, ModelRegistry) else ModelRegistry()
        self.import_button.setEnabled(False)
        self.import_status.setText(f"Checking {os.path.basename(path)}…")
        if self.runner is None:
            try:
                record = registry.import_model(path)
            except Exception as err:  # InputError, ModelError: one line for the user
                self._import_failed(err)
                return
            self._imported(record)
            return
        self.runner.run_call(lambda _cancel: registry.import_model(path), label="importing a model",
                             on_success=self._imported, on_failure=self._import_failed)

    def _choose_import(self) -> None:
        path, _ = QFileDialog.getOpenFileName(self, "Import a GGUF model", "", "GGUF models (*.gguf)")
        if path:
            self.import_model(path)

    def _imported(self, record: Any) -> None:
        self.import_button.setEnabled(True)
        self.import_status.setText(f"Imported {record.label or record.id}.")
        self.models.reload()
        self.models.set_current(record.id)
        self._model_chosen(record.id)

    def _import_failed(self, err: BaseException) -> bool:
        self.import_button.setEnabled(True)
        self.import_status.setText(f"Not imported: {str(err).splitlines()[0] if str(err) else type(err).__name__}")
        return True

    def _backend_failed(self, err: BaseException) -> bool:
        self.offload.setText(f"GPU offload unknown: {err}")
        return True

    def _describe_encoder(self, text: str) -> None:
        from engine.models.encoders.encoder import describe_encoder_folder

        self.encoder_note.setText(describe_encoder_folder(text.strip()))
        if self.encoder_note.property("role"):
            self.encoder_note.setProperty("role", "")
            self.encoder_note.style().polish(self.encoder_note)

    def _browse_encoder(self) -> None:
        folder = QFileDialog.getExistingDirectory(self, "Encoder folder", self.encoder.text())
        if folder:
            self.encoder.setText(folder)
