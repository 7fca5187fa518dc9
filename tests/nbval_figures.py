"""pytest plugin for the nbval layer: a glued figure is a PNG like any other.

nbval never compares ``image/png`` outputs (their bytes depend on the machine's
font rendering and floating point), but a figure stored with myst-nb's ``glue``
carries its PNG under ``application/papermill.record/image/png``, which nbval would
compare byte for byte. This plugin skips that key too; the figure's text form
(``<Figure size ... with N Axes>``) is still compared.
"""

from nbval.plugin import IPyNbFile

_GLUED_IMAGES = ("application/papermill.record/image/png",
                 "application/papermill.record/image/jpeg")
_init = IPyNbFile.__init__


def _init_skipping_glued_images(self, *args, **kwargs):
    _init(self, *args, **kwargs)
    self.skip_compare = tuple(self.skip_compare) + _GLUED_IMAGES


IPyNbFile.__init__ = _init_skipping_glued_images
