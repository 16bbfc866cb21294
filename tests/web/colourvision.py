"""What a board looks like to people with a colour-vision deficiency, and how far apart its
colours stay: Machado, Oliveira and Fernandes (2009)'s simulation matrices at full severity,
applied to linear sRGB, and CIEDE2000 differences in CIELAB (D65), both from colour-science.

Why a CIEDE2000 distance of 10 between the mean colours of two colours' pieces: 1 is about the
smallest difference seen side by side, and differences of 2 to 5 show only when the two patches
touch; pieces of a board are compared across it, at a glance, and small, so they need several
times that. 10 is where categorical palettes made for charts (Okabe and Ito's, Tol's) keep their
closest pairs under the three simulations, and it is far above what the standard palettes leave
(red and green under deuteranopia are about 4 apart, orange and green under protanopia about 6).
"""

from __future__ import annotations

import io
import itertools
import warnings

import colour
import numpy as np
from colour.blindness import matrix_cvd_Machado2009
from PIL import Image

#: The three simulated types and colour-science's name for their matrices.
DEFICIENCIES = {
    "protanopia": "Protanomaly", "deuteranopia": "Deuteranomaly", "tritanopia": "Tritanomaly",
}
#: The least CIEDE2000 difference two colours of a board keep under each simulation (see above).
MIN_DISTANCE = 10.0


def image(png: bytes) -> np.ndarray:
    """A screenshot as an array of sRGB values in [0, 1], shape (height, width, 3)."""
    return np.asarray(Image.open(io.BytesIO(png)).convert("RGB"), dtype=float) / 255


def simulate(rgb: np.ndarray, deficiency: str) -> np.ndarray:
    """sRGB values (any shape ending in 3) as a person with `deficiency` sees them."""
    with warnings.catch_warnings():
        # colour-science warns that its tritanomaly matrices approximate tritanopia: they do.
        warnings.simplefilter("ignore")
        matrix = matrix_cvd_Machado2009(DEFICIENCIES[deficiency], 1.0)
    linear = colour.models.eotf_sRGB(rgb)
    seen = np.clip(np.einsum("ij,...j->...i", matrix, linear), 0, 1)
    return np.asarray(colour.models.eotf_inverse_sRGB(seen))


def save(rgb: np.ndarray, path: str) -> None:
    Image.fromarray(np.round(rgb * 255).astype(np.uint8)).save(path)


def mean_colour(rgb: np.ndarray, boxes: list[dict[str, float]]) -> np.ndarray:
    """The mean sRGB colour of the pixels inside `boxes` ({x, y, width, height} in pixels)."""
    pixels = []
    for box in boxes:
        top, left = int(box["y"]), int(box["x"])
        bottom, right = int(box["y"] + box["height"]), int(box["x"] + box["width"])
        pixels.append(rgb[top:bottom, left:right].reshape(-1, 3))
    return np.concatenate(pixels).mean(axis=0)


def distance(first: np.ndarray, second: np.ndarray) -> float:
    """CIEDE2000 difference of two sRGB colours."""
    lab = [colour.XYZ_to_Lab(colour.sRGB_to_XYZ(c)) for c in (first, second)]
    return float(colour.delta_E(lab[0], lab[1], method="CIE 2000"))


def closest_pair(means: dict[str, np.ndarray]) -> tuple[float, str, str]:
    """The two colours of `means` (name: sRGB) closest to each other, with their distance."""
    pairs = itertools.combinations(sorted(means), 2)
    return min((distance(means[a], means[b]), a, b) for a, b in pairs)
