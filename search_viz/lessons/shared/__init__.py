"""Drawing pieces more than one lesson uses: figures and legends, graph and tree layouts,
8-puzzle boards, the fold of a game search into what its picture shows."""
