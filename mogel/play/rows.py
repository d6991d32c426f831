"""The statements one change runs, as SQL text on Django's own cursor (docs/cost.md, "Third round").

A pushed change runs five to seven small statements (the row, the save's UPDATE with the
version check, the events' INSERT, the log's new events, a stamp or a presence). Django's query
building costs about 0.25 ms for each on SQLite, fifteen times the statement itself; here each
statement's text is built once per process and database vendor, from the model's ``_meta`` and
``connection.ops.quote_name``, and runs with ``%s`` parameters only. What goes in and comes out
passes through the fields' own conversions (``get_db_prep_save``, the ORM's converters), and a
row comes back as the model's instance through ``Model.from_db``, Django's constructor for
loaded rows, so the code around it is the ORM's. The ORM stays everywhere else.
"""

from __future__ import annotations

import functools
import weakref

from django.db import DEFAULT_DB_ALIAS, connection, connections

# SQL texts by (vendor, what the statement is): a handful per model, built on first use.
_texts: dict = {}
# The ORM's converters per database connection (they are its backend's bound methods).
_converters: weakref.WeakKeyDictionary = weakref.WeakKeyDictionary()
# Rows one INSERT writes at most: within SQLite's 999 parameters for any model here.
INSERT_ROWS = 100


def text(key: tuple, build) -> str:
    """A statement's SQL for this process's database, built once by ``build()``."""
    sql = _texts.get((connection.vendor, key))
    if sql is None:
        sql = _texts[(connection.vendor, key)] = build()
    return sql


@functools.cache
def fields_of(model, names: tuple | None = None) -> tuple:
    """The model's fields named (``"pk"``: its primary key), or every concrete one in order."""
    meta = model._meta
    if names is None:
        return tuple(meta.concrete_fields)
    return tuple(meta.pk if name == "pk" else meta.get_field(name) for name in names)


@functools.cache
def read_fields(model, names: tuple | None = None) -> tuple:
    """The fields a SELECT reads, in the model's order: ``from_db`` takes a row's values so."""
    order = {field: at for at, field in enumerate(model._meta.concrete_fields)}
    return tuple(sorted(fields_of(model, names), key=order.__getitem__))


def table(model) -> str:
    return connection.ops.quote_name(model._meta.db_table)


def column(model, name: str) -> str:
    return connection.ops.quote_name(fields_of(model, (name,))[0].column)


def equal(model, where: dict) -> str:
    """``col = %s AND …`` for the values given, ``col IS NULL`` for a None (as the ORM writes it)."""
    return " AND ".join(f"{column(model, name)} IS NULL" if value is None else f"{column(model, name)} = %s"
                        for name, value in where.items())


def _params(where: dict) -> list:
    return [value for value in where.values() if value is not None]


def execute(sql: str, params: list):
    with connection.cursor() as cursor:
        cursor.execute(sql, params)
        return cursor.fetchall() if cursor.description else cursor.rowcount


def select(model, where: dict, names: tuple | None = None, order: str | None = None) -> list:
    """The rows matching ``where`` (equalities) as loaded instances: every field, or ``names``
    only (the others deferred, as ``only()`` leaves them); ``order``: a field to sort by."""
    fields = read_fields(model, names)
    key = ("select", model, names, tuple((name, value is None) for name, value in where.items()), order)
    sql = text(key, lambda: (f"SELECT {', '.join(connection.ops.quote_name(f.column) for f in fields)} "
                             f"FROM {table(model)} WHERE {equal(model, where)}"
                             + (f" ORDER BY {column(model, order)}" if order else "")))
    return [loaded(model, fields, values) for values in execute(sql, _params(where))]


def first(model, where: dict, names: tuple | None = None):
    found = select(model, where, names)
    return found[0] if found else None


def loaded(model, fields: tuple, values) -> object:
    """A row as the ORM would build it: each column through its converters, then ``from_db``."""
    values = list(values)
    for at, converters, col in _converters_of(model, fields):
        value = values[at]
        for converter in converters:
            value = converter(value, col, connection)
        values[at] = value
    if len(fields) == len(model._meta.concrete_fields):
        return model.from_db(DEFAULT_DB_ALIAS, None, values)
    return model.from_db(DEFAULT_DB_ALIAS, [f.attname for f in fields], values)


def _converters_of(model, fields: tuple) -> list:
    """What the ORM's compiler applies to each column it reads (``SQLCompiler.get_converters``),
    per connection: the backend's converters, then the field's."""
    wrapper = connections[DEFAULT_DB_ALIAS]
    known = _converters.setdefault(wrapper, {})
    if fields not in known:
        found = []
        for at, field in enumerate(fields):
            col = field.get_col(model._meta.db_table)
            converters = wrapper.ops.get_db_converters(col) + col.get_db_converters(wrapper)
            if converters:
                found.append((at, converters, col))
        known[fields] = found
    return known[fields]


def update(model, values: dict, where: dict) -> int:
    """``UPDATE … SET`` the fields' ``values`` (as the ORM saves them) where ``where`` holds; the rows changed."""
    names = tuple(values)
    key = ("update", model, names, tuple((name, value is None) for name, value in where.items()))
    sql = text(key, lambda: (f"UPDATE {table(model)} SET "
                             f"{', '.join(f'{column(model, name)} = %s' for name in names)} "
                             f"WHERE {equal(model, where)}"))
    saved = [field.get_db_prep_save(value, connection) for field, value in zip(fields_of(model, names), values.values())]
    return execute(sql, saved + _params(where))


def insert(model, names: tuple, records: list) -> None:
    """One multi-row INSERT of the ``records``' fields ``names`` (as bulk_create writes them,
    without reading back their ids, which nothing here uses)."""
    fields = fields_of(model, names)
    for start in range(0, len(records), INSERT_ROWS):
        chunk = records[start:start + INSERT_ROWS]
        row = f"({', '.join(['%s'] * len(fields))})"
        sql = text(("insert", model, names, len(chunk)),
                   lambda: (f"INSERT INTO {table(model)} ({', '.join(connection.ops.quote_name(f.column) for f in fields)}) "
                            f"VALUES {', '.join([row] * len(chunk))}"))
        execute(sql, [field.get_db_prep_save(getattr(record, field.attname), connection)
                      for record in chunk for field in fields])
