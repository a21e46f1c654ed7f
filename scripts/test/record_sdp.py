"""Records real WebRTC descriptions from Debian's headless chromium for the Node tests of the
compact codes (web/js-tests/live-codes.test.mjs): an offer made as live/peer.js makes it (one
data channel, every candidate gathered) and the answer to it, once with Chromium's default
mDNS host names and once with them off (raw IP addresses). Usage:
    .venv/bin/python scripts/test/record_sdp.py [web/js-tests/fixtures/chromium-sdp.json]"""
import json
import shutil
import sys
from pathlib import Path

from playwright.sync_api import sync_playwright

ROOT = Path(__file__).resolve().parents[2]
ARGS = ["--no-sandbox", "--disable-gpu", "--disable-background-networking", "--no-first-run", "--disable-dev-shm-usage"]
SCRIPT = """async () => {
  const gathered = (pc) => new Promise((ok) => {
    if (pc.iceGatheringState === "complete") return ok();
    pc.addEventListener("icegatheringstatechange", () => pc.iceGatheringState === "complete" && ok());
    setTimeout(ok, 4000);
  });
  const a = new RTCPeerConnection({ iceServers: [] });
  a.createDataChannel("cardavia", { ordered: true });
  await a.setLocalDescription(await a.createOffer());
  await gathered(a);
  const b = new RTCPeerConnection({ iceServers: [] });
  await b.setRemoteDescription({ type: "offer", sdp: a.localDescription.sdp });
  await b.setLocalDescription(await b.createAnswer());
  await gathered(b);
  return { offer: a.localDescription.sdp, answer: b.localDescription.sdp, agent: navigator.userAgent };
}"""


def record(extra):
    with sync_playwright() as p:
        browser = p.chromium.launch(executable_path=shutil.which("chromium"), args=ARGS + extra)
        page = browser.new_page()
        out = page.evaluate(SCRIPT)
        browser.close()
    return out


def main():
    out = Path(sys.argv[1]) if len(sys.argv) > 1 else ROOT / "web" / "js-tests" / "fixtures" / "chromium-sdp.json"
    data = {"mdns": record([]), "raw_ip": record(["--disable-features=WebRtcHideLocalIpsWithMdns"])}
    out.parent.mkdir(parents=True, exist_ok=True)
    out.write_text(json.dumps(data, indent=1) + "\n")
    print(f"wrote {out}: " + ", ".join(f"{k} offer {len(v['offer'])} chars, answer {len(v['answer'])}" for k, v in data.items()))


if __name__ == "__main__":
    main()
