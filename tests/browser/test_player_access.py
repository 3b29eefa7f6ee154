"""The site at the table, in Debian's chromium on the repository's own site: text contrast in every
state (hover, focus, active, highlighted, search highlight) in light and dark, one tab stop per glossary
link, finger-sized touch targets, and John Company's phase 7b within three taps of the home page."""

from __future__ import annotations

import pytest

pytestmark = [pytest.mark.browser, pytest.mark.site]

SCHEMES = ("light", "dark")
NO_TRANSITIONS = "*, *::before, *::after { transition: none !important; animation: none !important; }"

# Contrast of an element's text against what is painted behind it: its own and its ancestors'
# backgrounds composited (alpha included) over the page's, as WCAG 2 computes it.
CONTRAST_JS = """el => {
  const parse = (c) => {
    let m = c.match(/^rgba?\\(([^)]+)\\)$/);
    if (m) { const v = m[1].split(/[ ,\\/]+/).filter(Boolean).map(Number); return [v[0], v[1], v[2], v[3] ?? 1]; }
    m = c.match(/^color\\(srgb ([^)]+)\\)$/);
    if (m) { const v = m[1].split(/[ \\/]+/).filter(Boolean).map(Number);
             return [v[0] * 255, v[1] * 255, v[2] * 255, v[3] ?? 1]; }
    throw new Error('colour not understood: ' + c);
  };
  const over = (top, under) => { const a = top[3];
    return [0, 1, 2].map(i => top[i] * a + under[i] * (1 - a)).concat([1]); };
  const layers = [];
  for (let e = el; e; e = e.parentElement) {
    const bg = parse(getComputedStyle(e).backgroundColor);
    if (bg[3] > 0) layers.push(bg);
    if (bg[3] >= 1) break;
  }
  let bg = [255, 255, 255, 1];
  for (const layer of layers.reverse()) bg = over(layer, bg);
  const fg = over(parse(getComputedStyle(el).color), bg);
  const lum = (c) => { const [r, g, b] = c.slice(0, 3).map(v => { v /= 255;
    return v <= 0.03928 ? v / 12.92 : ((v + 0.055) / 1.055) ** 2.4; }); return 0.2126 * r + 0.7152 * g + 0.0722 * b; };
  const [a, b] = [lum(fg), lum(bg)].sort((x, y) => y - x);
  return (a + 0.05) / (b + 0.05);
}"""


# Counts the page's requests for itself (Material's instant navigation fetching it again) and the documents
# Material has swapped in since (its document$ replays the current one first: -1 + 1 = 0).
COUNT_SWAPS = """() => { window.rcFetches = 0; window.rcSwaps = -1;
  const open = XMLHttpRequest.prototype.open;
  XMLHttpRequest.prototype.open = function (method, url) {
    if (new URL(url, location.href).pathname === location.pathname) window.rcFetches++;
    return open.apply(this, arguments);
  };
  document$.subscribe(() => window.rcSwaps++); }"""


def new_page(browser, scheme="light", width=1280, touch=False):
    context = browser.new_context(viewport={"width": width, "height": 900 if width > 400 else 844},
                                  color_scheme=scheme, has_touch=touch, is_mobile=touch)
    page = context.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda exc: errors.append(str(exc)))
    page.errors = errors
    return page


def contrast(locator) -> float:
    return locator.evaluate(CONTRAST_JS)


@pytest.mark.parametrize("scheme", SCHEMES)
def test_links_and_highlights_keep_their_contrast_in_every_state(browser, base, scheme):
    page = new_page(browser, scheme)
    page.goto(base + "/john-company/dice/")
    page.add_style_tag(content=NO_TRANSITIONS)
    low = []

    def check(what, locator, minimum=4.5):
        ratio = contrast(locator)
        if ratio < minimum:
            low.append((scheme, what, round(ratio, 2)))

    term = page.locator("article a.rc-term:visible").first
    ref = page.locator("article a[href*='turn/#']:visible").first  # a phase reference: an ordinary link
    nav = page.locator(".md-sidebar--primary a.md-nav__link[href]:visible").first
    for name, link in (("term link", term), ("link", ref), ("navigation link", nav)):
        check(f"{name}", link)
        link.hover()
        check(f"{name} hovered", link)
        page.mouse.down()
        check(f"{name} active", link)
        page.mouse.move(1, 890)
        page.mouse.up()
        link.focus()
        check(f"{name} focused", link)
        page.evaluate("document.activeElement.blur()")
        page.keyboard.press("Escape")
    # The preview: its name link, also hovered, and its text.
    term.hover()
    preview = page.locator(".rc-term-preview")
    preview.wait_for(state="visible")
    check("preview text", preview.locator(".rc-tp-short"))
    preview.locator(".rc-tp-name").hover()
    check("preview name hovered", preview.locator(".rc-tp-name"))
    page.keyboard.press("Escape")
    # A roll highlights its row.
    page.locator(".rc-roll-btn").first.click()
    hit = page.locator("tr.rc-hit td").first
    hit.wait_for()
    check("rolled row", hit)
    check("rolled row's chance", page.locator("tr.rc-hit .rc-pct").first)
    # Search: the result's highlighted words, and the page's highlighted words after following it.
    box = page.locator("input.md-search__input")
    box.click()
    box.press_sequentially("Fatigue", delay=10)
    page.wait_for_function("() => /matching/.test(document.querySelector('.md-search-result__meta').textContent)")
    page.wait_for_timeout(500)  # the worker answers every keystroke: the list is re-rendered until the last
    mark = page.locator(".md-search-result mark").first
    mark.wait_for()
    check("search result highlight", mark)
    page.locator(".md-search-result__link:visible").first.hover()
    check("search result highlight, hovered", mark)
    page.goto(base + "/john-company/turn/?h=fatigue")
    page.add_style_tag(content=NO_TRANSITIONS)
    highlight = page.locator("article mark[data-md-highlight]").first
    highlight.wait_for()
    check("highlighted word on the page", highlight)
    assert not low, low
    assert page.errors == []
    page.context.close()


def test_home_page_links_keep_their_contrast_when_hovered(browser, base):
    for scheme in SCHEMES:
        page = new_page(browser, scheme)
        page.goto(base + "/")
        page.add_style_tag(content=NO_TRANSITIONS)
        link = page.locator(".rc-game-pages a").first
        link.hover()
        assert contrast(link) >= 4.5, scheme
        link.focus()
        assert contrast(link) >= 4.5, scheme
        page.context.close()


def press_enter_and_settle(page) -> None:
    """Press Enter, then wait for any instant navigation it starts to swap the new article in (a request for
    this page is waited for up to 10 s; with none within half a second, return: the sitemap may not
    have arrived yet, and Material then leaves the link to the browser)."""
    page.evaluate("""() => { document.querySelector('article').dataset.rcBefore = '';
        window.rcRequests = 0; const open = XMLHttpRequest.prototype.open;
        XMLHttpRequest.prototype.open = function (method, url, ...rest) {  // Material fetches pages by XHR
            if (new URL(url, location.href).pathname === location.pathname) window.rcRequests++;
            return open.call(this, method, url, ...rest); }; }""")
    page.keyboard.press("Enter")
    settled = page.evaluate("""() => new Promise(done => { const t0 = Date.now();
        const tick = () => {
            const swapped = !document.querySelector('article[data-rc-before]');
            if (swapped || (!window.rcRequests && Date.now() - t0 > 500)) done(true);
            else if (Date.now() - t0 > 10000) done(false);
            else setTimeout(tick, 20);
        };
        tick(); })""")
    assert settled, "an instant navigation started by Enter did not finish within 10 s"


def test_one_tab_stop_per_glossary_link(browser, base):
    """Tabbing through Corporate Warfare's turn page: each term link is one stop, the preview's
    link and buttons are never stops until the preview is pinned; the skip link leads to the rules."""
    page = new_page(browser)
    page.goto(base + "/corporate-warfare/turn/")
    # A phase's dice tables are collapsed (<details>): their term links are stops once opened, not before.
    count = page.locator("article a.rc-term").evaluate_all(
        "els => els.filter(e => !e.closest('details:not([open])')).length")
    assert count > 5
    first_rule_term = page.locator("article .rc-phase a.rc-term").first
    first_rule_href = first_rule_term.get_attribute("href")
    stops, reached = [], None
    for presses in range(1, 400):
        page.keyboard.press("Tab")
        info = page.evaluate("""() => { const a = document.activeElement;
            return {preview: !!a.closest('.rc-term-preview'), term: a.matches('a.rc-term'),
                    rule: !!a.closest('article .rc-phase') && a.matches('a.rc-term'),
                    href: a.getAttribute('href'), body: a === document.body}; }""")
        if info["body"]:
            break
        assert not info["preview"], f"Tab reached the preview's controls after {presses} presses"
        stops.append(info)
        if reached is None and info["rule"] and info["href"] == first_rule_href:
            reached = presses
    term_stops = [s for s in stops if s["term"]]
    assert len(term_stops) == count  # every term link once, nothing more
    assert reached is not None and reached <= 60
    # With the skip link ("Skip to content", the first stop): Tab, Enter, then the article's links.
    page.goto(base + "/corporate-warfare/turn/")
    page.keyboard.press("Tab")
    assert page.evaluate("document.activeElement.classList.contains('md-skip')")
    # Material's instant navigation answers the skip link by fetching the same page again and swapping its
    # content in: tabbing on before the swap would leave focus on a link about to be replaced.
    press_enter_and_settle(page)
    def tab_reaches_a_rule_term() -> bool:
        page.keyboard.press("Tab")
        return page.evaluate("document.activeElement.matches('article .rc-phase a.rc-term')")

    after_skip = next((n for n in range(1, 60) if tab_reaches_a_rule_term()), None)
    assert after_skip is not None, "the first rule term was not reached after the skip link"
    print(f"first rule term of Corporate Warfare's turn page: {reached} Tab presses; "
          f"after the skip link: 2 + {after_skip}")
    # Pinned by the keyboard, the preview's controls join the tab order; unpinned, they leave it.
    page.keyboard.press("ArrowDown")
    assert page.evaluate("document.activeElement.classList.contains('rc-tp-name')")
    assert page.locator(".rc-tp-pin").get_attribute("aria-pressed") == "true"
    page.keyboard.press("Tab")
    # Named before Enter: were the pin not the next stop, Enter would follow a link and leave the page.
    focused = page.evaluate("document.activeElement.className")
    assert "rc-tp-pin" in focused.split(), f"Tab from the pinned preview's name reached {focused!r}"
    page.keyboard.press("Enter")  # the pin button: unpins
    assert page.locator(".rc-tp-pin").get_attribute("aria-pressed", timeout=5000) == "false"
    assert page.locator(".rc-term-preview :is(a, button)").evaluate_all(
        "els => els.every(e => e.tabIndex === -1)")
    page.context.close()


def test_touch_targets_are_at_least_44_px(browser, base):
    page = new_page(browser, width=390, touch=True)
    page.goto(base + "/john-company/dice/")
    small = []

    def size(what, locator):
        for i in range(locator.count()):
            box = locator.nth(i).bounding_box()
            if box and (box["width"] < 44 or box["height"] < 44):
                small.append((what, i, box["width"], box["height"]))

    size("dice stepper button", page.locator(".rc-dice-ui .rc-step button"))
    size("dice number field", page.locator(".rc-dice-ui .rc-step input"))
    size("checkbox with its label", page.locator(".rc-dice-ui label.rc-check"))
    size("roll button", page.locator(".rc-dice-ui .rc-roll-btn"))
    assert page.locator(".rc-dice-ui .rc-step button").count() > 4
    assert page.locator(".rc-dice-ui label.rc-check").count() >= 1
    # The Chairman checkbox: tapping the label anywhere ticks it.
    chairman = page.locator("label.rc-check", has_text="Chairman").first
    box = chairman.bounding_box()
    page.touchscreen.tap(box["x"] + box["width"] - 5, box["y"] + box["height"] - 3)
    assert chairman.locator("input").is_checked()
    # The preview's buttons, after a first tap on a term.
    page.locator("article a.rc-term:visible").first.tap()
    page.locator(".rc-term-preview").wait_for(state="visible")
    size("preview button", page.locator(".rc-term-preview button"))
    page.goto(base + "/")
    size("game card page link", page.locator(".rc-game-pages a"))
    assert not small, small
    page.context.close()


def test_phase_7b_is_two_taps_from_the_home_page_on_a_phone(browser, base):
    page = new_page(browser, width=390, touch=True)
    page.goto(base + "/")
    taps = 0
    page.locator(".rc-game-card", has_text="John Company").get_by_role("link", name="Turn sequence").tap()
    taps += 1
    page.wait_for_url("**/john-company/turn/")
    item = page.locator(".rc-sequence-item", has=page.locator(".rc-number", has_text="7b"))
    page.evaluate(COUNT_SWAPS)
    item.locator("a:not(.rc-term)").first.tap()
    taps += 1
    page.wait_for_url("**/john-company/turn/#governor-general")
    # Material's instant navigation fetches the page again for the first link followed on a page it did not
    # load itself (here the page loaded in full, the first tap came before Material's sitemap), and swaps the
    # content in after the address has changed: a heading found on screen before the swap is detached by it
    # (its bounding_box None). Wait for every such fetch to be swapped in, then for the heading on screen.
    page.wait_for_function("""() => { const h = document.getElementById('governor-general');
        const r = h && h.getBoundingClientRect();
        return window.rcSwaps === window.rcFetches && !!r && r.height > 0 && r.top >= 0 && r.bottom < innerHeight; }""")
    heading = page.locator("#governor-general")
    assert "Governor General" in heading.inner_text()
    box = heading.bounding_box()
    assert box and 0 <= box["y"] < 844 - box["height"]  # on screen, not under the header
    assert taps <= 3
    page.context.close()
