"""The end of a Yaxha game: the cubes outside each colour's largest group fade, and keep their
hue and most of their colour while they do (an orange cube turns light orange, not brown; a
yellow one light yellow, not beige), measured on a screenshot of the final board: the hue turns
by less than 12 degrees and the chroma (the spread of the channels) keeps at least 45%, where the
old greying filter kept about a quarter."""

from __future__ import annotations

import colorsys

import numpy as np

from tests.web.colourvision import image, mean_colour
from tests.web.conftest import (
    Pages,
    finished_bot_table,
    login_guest,
    table_url,
    unique_name,
)

#: A small box on the top face of each cube whose top shows (tried at four points of the face
#: around its letter, where no cube above covers it), the face's own colour, and whether the cube
#: is in its colour's largest group.
CUBES = """() => {
  const frame = document.getElementById('game-root').getBoundingClientRect();
  const points = [[0.5, 0.1], [0.3, 0.25], [0.7, 0.25], [0.5, 0.4]];
  return [...document.querySelectorAll('#game-root .yx-scored .yx-cube[data-colour]')]
    .map((cube) => {
      const r = cube.getBoundingClientRect();
      for (const [across, down] of points) {
        const x = r.x + r.width * across, y = r.y + r.height * down;
        const there = document.elementFromPoint(x, y);
        if (!there || there.closest('.yx-cube') !== cube || !there.matches('.yx-top-face')) {
          continue;
        }
        return {colour: cube.dataset.colour, best: cube.classList.contains('yx-best'),
                fill: there.getAttribute('fill'),
                box: {x: x - frame.x - 3, y: y - frame.y - 2, width: 6, height: 4}};
      }
      return null;
    }).filter(Boolean);
}"""


def _hls(rgb: np.ndarray) -> tuple[float, float, float]:
    red, green, blue = (float(value) for value in rgb[:3])
    return colorsys.rgb_to_hls(red, green, blue)


def test_faded_cubes_keep_their_hue(pages: Pages) -> None:
    # Tall enough for both pyramids to be on screen, where elementFromPoint looks.
    page = pages.new(viewport={"width": 1280, "height": 2400})
    login_guest(page, unique_name("Fade"))
    table = finished_bot_table(page, "yaxha")
    page.goto(table_url(table))
    page.wait_for_selector("#end-of-game")
    page.wait_for_selector("#game-root .yx-scored .yx-cube:not(.yx-best)")
    root = page.locator("#game-root")
    rgb = image(root.screenshot())
    cubes = page.evaluate(CUBES)
    compared = []
    for colour in ("orange", "yellow", "blue", "green"):
        faded = [cube for cube in cubes if cube["colour"] == colour and not cube["best"]]
        if not faded:
            continue
        # The face's own colour, as drawn before any filter, against what the screen shows.
        own = np.array([int(faded[0]["fill"][i:i + 2], 16) / 255 for i in (1, 3, 5)])
        shown = mean_colour(rgb, [cube["box"] for cube in faded])
        hue, light, _ = _hls(own)
        faded_hue, faded_light, _ = _hls(shown)
        turn = min(abs(hue - faded_hue), 1 - abs(hue - faded_hue)) * 360
        assert turn < 12, f"{colour}: the fade turned its hue by {turn:.0f} degrees"
        kept = float(np.ptp(shown) / np.ptp(own))
        assert kept >= 0.45, f"{colour}: the fade kept {kept:.0%} of its chroma"
        assert faded_light > light, f"{colour}: the faded cubes are not lighter"
        compared.append(colour)
    assert compared, "no coloured cube outside the largest groups showed its top"
