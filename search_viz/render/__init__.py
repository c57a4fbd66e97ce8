"""Drawings of one search state with matplotlib, for the lessons not yet moved onto films."""
