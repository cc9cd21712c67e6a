"""The conformance harness: oracle, instance generator, language runners and reports.

Entry point: tests/conformance/driver.py (see docs/conformance.md).
"""
