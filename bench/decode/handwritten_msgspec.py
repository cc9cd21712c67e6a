"""Imports the hand-written msgspec peer (handwritten/msgspec/chat_stream.py) under a name of its
own: the Pydantic peer is a module chat_stream too, and msgspec resolves a Struct's annotations
through sys.modules[cls.__module__]."""

import importlib.util
import os
import sys

NAME = "handwritten_msgspec_chat_stream"


def load():
    if NAME in sys.modules:
        return sys.modules[NAME]
    path = os.path.join(os.path.dirname(os.path.abspath(__file__)), "handwritten", "msgspec", "chat_stream.py")
    spec = importlib.util.spec_from_file_location(NAME, path)
    module = importlib.util.module_from_spec(spec)
    sys.modules[NAME] = module
    spec.loader.exec_module(module)
    return module
