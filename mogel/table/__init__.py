"""The card table shared by the tutorial and the practice game: presenting a seat's view, translating events and refusals."""
