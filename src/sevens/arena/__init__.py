"""Playing many games: simulation, benchmarks and (later) tournaments with ratings."""
