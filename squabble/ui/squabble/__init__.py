"""The Twilight Squabble table scene, in parts: layout, beats, hand (choices), drawing, guide.
The scene itself is squabble.ui.squabble.table.TableScene."""
