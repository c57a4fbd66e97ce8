"""Run every benchmark in this folder: ``python -m benchmarks``."""

import importlib
import pkgutil
from pathlib import Path

for module in sorted(pkgutil.iter_modules([str(Path(__file__).parent)]), key=lambda m: m.name):
    if module.name.startswith("bench_"):
        print(f"== {module.name}")
        importlib.import_module(f"benchmarks.{module.name}").main()
