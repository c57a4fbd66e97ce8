"""HOW it is searched: one generator of events per algorithm, over the problems' protocols."""
