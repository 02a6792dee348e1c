"""The border: everything read from outside (files, JSON lines, forms) enters here.

One helper opens every input file (:func:`read_input`, :func:`open_input`: regular files only, a cap per kind)
and one schema layer decodes every outside structure into typed objects (:func:`decode_json`,
:func:`convert`; msgspec), so that bad input is refused with one message naming the file, line or key and what
was expected, and no code behind the border meets a value of the wrong type. The limits are in docs/limits.md.
"""
from __future__ import annotations

from kriegsspiel.border.files import (
    ALLOW_OUTSIDE_ENV,
    CAPS,
    InputFileError,
    InputKind,
    check_input,
    display_path,
    inside_folders,
    open_input,
    outside_allowed,
    read_input,
    read_input_text,
    replace_file,
)
from kriegsspiel.border.json_input import MAX_JSON_LINE_BYTES, json_lines, read_json_source, source_name
from kriegsspiel.border.settings import (
    SettingsRead,
    read_json_settings,
    read_line_settings,
    write_json_settings,
    write_line_settings,
)
from kriegsspiel.border.schema import (
    MAX_JSON_NESTING,
    FieldProblem,
    SchemaError,
    convert,
    convert_entries,
    convert_table,
    decode_json,
    holds_unwritable_text,
    json_nesting,
    shown,
    to_plain,
    unknown_keys,
)

__all__ = [
    "ALLOW_OUTSIDE_ENV", "CAPS", "InputFileError", "InputKind", "MAX_JSON_LINE_BYTES", "MAX_JSON_NESTING", "SchemaError", "check_input", "convert",
    "decode_json", "display_path", "inside_folders", "json_lines", "json_nesting", "open_input", "outside_allowed", "read_json_source", "source_name", "read_input", "read_input_text", "replace_file", "to_plain",
    "FieldProblem", "holds_unwritable_text", "convert_entries", "convert_table", "shown", "unknown_keys", "SettingsRead", "read_json_settings", "read_line_settings", "write_json_settings", "write_line_settings",
]
