"""Every extension the bot loads imports, and has a setup function."""

import importlib

import pytest

from cogs import EXTENSIONS


@pytest.mark.parametrize("name", EXTENSIONS)
def test_extension_imports(name):
    module = importlib.import_module(name)
    assert callable(module.setup)
