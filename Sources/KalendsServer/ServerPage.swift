import KalendsViews

/// The editing part of `kalends serve`'s page: a script that drags a timed
/// event (or, from its last 6 pixels, its end) and sends the translation to
/// the server, which snaps it in the day's real hours and writes it; a drag
/// on empty time creates an event; a recurring event asks whether the change
/// is for this event or this and the future ones.
enum ServerPage {
    /// The policy of every page: nothing but itself, and requests to its own server.
    static let policy = "default-src 'none'; style-src 'unsafe-inline'; script-src 'unsafe-inline'; connect-src 'self'; form-action 'none'; frame-ancestors 'none'; base-uri 'none'"

    static func script(token: String, version: String, kind: String, date: String, hourHeight: Double, message: String?) -> String {
        """
        <script>
        const server = {token: \(json(token)), version: \(json(version)), view: \(json(kind)), date: \(json(date))};
        const svg = document.querySelector('#view svg');
        function svgY(event) { const m = svg.getScreenCTM(); return m ? (event.clientY - m.f) / m.d : event.clientY; }
        async function send(path, fields) {
          const body = new URLSearchParams(Object.assign({token: server.token, version: server.version}, fields));
          const answer = await fetch(path + '?token=' + encodeURIComponent(server.token), {method: 'POST', body: body});
          const text = await answer.text();
          if (!answer.ok) alert(text);
          location.reload();
        }
        if (svg && server.view !== 'month') {
          for (const group of svg.querySelectorAll('g.event.timed')) {
            const box = group.querySelector('rect:not(clipPath rect)') || group.querySelectorAll('rect')[1];
            group.style.cursor = 'grab';
            group.addEventListener('pointerdown', (down) => {
              down.preventDefault(); down.stopPropagation();
              const startY = svgY(down);
              const top = box.y.baseVal.value, height = box.height.baseVal.value;
              const edge = startY > top + height - 6 ? 'end' : 'move';
              group.setPointerCapture(down.pointerId);
              const moving = (move) => {
                const dy = svgY(move) - startY;
                if (edge === 'end') box.setAttribute('height', Math.max(4, height + dy));
                else group.setAttribute('transform', 'translate(0,' + dy + ')');
              };
              const up = async (release) => {
                group.removeEventListener('pointermove', moving);
                group.removeEventListener('pointerup', up);
                const dy = svgY(release) - startY;
                if (Math.abs(dy) < 3) { group.removeAttribute('transform'); box.setAttribute('height', height); return; }
                let scope = 'this';
                if (group.dataset.id.includes('/')) {
                  scope = confirm('Change only this event?\\nOK: this event. Cancel: this and all future events.') ? 'this' : 'future';
                }
                await send('/move', {id: group.dataset.id, dy: String(dy), edge: edge, scope: scope, date: group.dataset.boxDay});
              };
              group.addEventListener('pointermove', moving);
              group.addEventListener('pointerup', up);
            });
          }
          for (const day of svg.querySelectorAll('rect.day[data-day]')) {
            day.addEventListener('pointerdown', (down) => {
              const top = day.y.baseVal.value, startY = svgY(down);
              const up = async (release) => {
                window.removeEventListener('pointerup', up);
                const endY = svgY(release);
                if (Math.abs(endY - startY) < 6) return;
                const title = prompt('A new event on ' + day.dataset.day + ':', 'New event');
                if (title === null) return;
                await send('/create', {date: day.dataset.day, y1: String(startY - top), y2: String(endY - top), title: title});
              };
              window.addEventListener('pointerup', up);
            });
          }
        }
        \(message.map { "alert(\(json($0)));" } ?? "")
        </script>
        """
    }

    /// A JavaScript string literal, safe inside a `<script>`.
    static func json(_ text: String) -> String { ViewHTML.string(text) }
}
