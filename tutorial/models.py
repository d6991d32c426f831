# Tutorial lessons arrive with a later issue; the app is installed now so its
# migrations and `tutorial.content` plug into the existing setup unchanged.
