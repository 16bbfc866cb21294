"""The API's docs page (Swagger UI) served with its assets from the installed swagger-ui-py
package, so ``/docs`` works on a hall with no way out to the internet (no CDN)."""

from __future__ import annotations

import base64
import hashlib
import re
from pathlib import Path

from fastapi import FastAPI, Request
from fastapi.openapi.docs import get_swagger_ui_html
from fastapi.responses import HTMLResponse
from fastapi.staticfiles import StaticFiles

from meeplehall.server.guards.headers import policy_with_scripts

ASSETS_URL = "/docs-assets"
INLINE_SCRIPT = re.compile(r"<script>(.*?)</script>", re.DOTALL)


def assets_folder() -> Path:
    """The Swagger UI distribution shipped inside the swagger-ui-py package."""
    import swagger_ui

    return Path(swagger_ui.__file__).resolve().parent / "static"


def install(app: FastAPI) -> None:
    """``/docs`` and its assets; the app must be made with ``docs_url=None``."""
    app.mount(ASSETS_URL, StaticFiles(directory=assets_folder()), name="docs-assets")

    @app.get("/docs", include_in_schema=False)
    async def docs(request: Request) -> HTMLResponse:
        # Under --root-path every address starts with it, as the browser sees them.
        root = request.scope.get("root_path", "").rstrip("/")
        page = get_swagger_ui_html(
            openapi_url=f"{root}{app.openapi_url}",
            title=f"{app.title}: API",
            swagger_js_url=f"{root}{ASSETS_URL}/swagger-ui-bundle.js",
            swagger_css_url=f"{root}{ASSETS_URL}/swagger-ui.css",
            swagger_favicon_url=f"{root}{ASSETS_URL}/favicon-32x32.png",
        )
        # The page starts Swagger UI with one inline script: allowed by its hash alone.
        scripts = INLINE_SCRIPT.findall(bytes(page.body).decode())
        digests = [base64.b64encode(hashlib.sha256(script.encode()).digest()).decode()
                   for script in scripts]
        page.headers["Content-Security-Policy"] = policy_with_scripts(
            *(f"sha256-{digest}" for digest in digests))
        return page
