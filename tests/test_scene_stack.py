from cardgames.engine.scene import Scene, SceneStack


class Probe(Scene):
    def __init__(self, name, log, overlay=False):
        super().__init__(app=None)
        self.name, self.log, self.overlay = name, log, overlay

    def on_enter(self):
        self.log.append(f"enter {self.name}")

    def on_exit(self):
        self.log.append(f"exit {self.name}")

    def on_cover(self):
        self.log.append(f"cover {self.name}")

    def update(self, dt):
        self.log.append(f"update {self.name}")

    def draw(self, surface):
        self.log.append(f"draw {self.name}")


def test_changes_wait_for_apply_pending_and_keep_order():
    log, st = [], SceneStack()
    st.push(Probe("menu", log))
    assert len(st) == 0 and st.has_pending
    st.apply_pending()
    st.push(Probe("game", log))
    st.replace(Probe("other", log))
    st.apply_pending()
    assert [s.name for s in st.scenes] == ["menu", "other"]
    assert log == ["enter menu", "cover menu", "enter game", "exit game", "enter other"]


def test_pop_reenters_scene_below_and_reset_clears():
    log, st = [], SceneStack()
    st.push(Probe("a", log))
    st.push(Probe("b", log))
    st.apply_pending()
    log.clear()
    st.pop()
    st.apply_pending()
    assert log == ["exit b", "enter a"]
    st.reset(Probe("c", log))
    st.apply_pending()
    assert [s.name for s in st.scenes] == ["c"]


def test_overlays_draw_over_the_scene_below_which_is_frozen():
    log, st = [], SceneStack()
    st.push(Probe("menu", log))
    st.push(Probe("game", log))
    st.push(Probe("pause", log, overlay=True))
    st.push(Probe("rules", log, overlay=True))
    st.apply_pending()
    log.clear()
    st.update(0.016)
    st.draw(None)
    assert log == ["update rules", "draw game", "draw pause", "draw rules"]
