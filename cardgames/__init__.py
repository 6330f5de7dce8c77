"""An arcade-style card game collection: TriPeaks, Skyjo, Three Thirteen and Switch."""
