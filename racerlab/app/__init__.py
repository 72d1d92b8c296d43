"""Panel dashboards: the only layer that imports Panel."""
