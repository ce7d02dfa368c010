"""sevens: 七並べ (Sevens / Fan Tan) with its Japanese local rules, engines, agents and front-ends."""

__version__ = "0.1.0"
