"""Side-by-side timings; each module rewrites its own table in benchmarks/README.md."""
