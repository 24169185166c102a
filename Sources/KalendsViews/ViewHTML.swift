import Kalends

/// A view as one self-contained HTML page: the SVG inline, its style and a
/// few lines of script inline, nothing fetched from anywhere (it opens from
/// a file). Clicking a day lists its events (time, title, location) beside
/// the picture.
public enum ViewHTML {
    /// The page of `svg` with the events of each of the days `shown`, for the list a click shows.
    public static func page(title: String, svg: String, events: [ViewEvent], shown: ClosedRange<Int>, zone: ZoneRules) -> String {
        var days: [Int: [ViewEvent]] = [:]
        var seen: Set<OccurrenceID> = []
        for event in events where seen.insert(event.id).inserted {
            let from = Swift.max(event.firstDay, shown.lowerBound), to = Swift.min(event.lastDay, shown.upperBound)
            guard from <= to else { continue }
            for day in from...to { days[day, default: []].append(event) }
        }
        var json = "{"
        for (index, day) in days.keys.sorted().enumerated() {
            if index > 0 { json += "," }
            json += "\"" + ISODate(dayNumber: day).description + "\":["
            let sorted = (days[day] ?? []).sorted { a, b in a.isAllDay != b.isAllDay ? a.isAllDay : (a.start, a.id) < (b.start, b.id) }
            json += sorted.map { event in
                "{\"time\":" + string(time(event, day: day, zone: zone)) + ",\"title\":" + string(event.title) + ",\"location\":"
                    + (event.location.map(string) ?? "null") + ",\"id\":" + string(event.id.description) + "}"
            }.joined(separator: ",")
            json += "]"
        }
        json += "}"
        return """
            <!DOCTYPE html>
            <html lang="en"><head><meta charset="utf-8"><title>\(ViewSVG.escape(title))</title>
            <meta http-equiv="Content-Security-Policy" content="default-src 'none'; style-src 'unsafe-inline'; script-src 'unsafe-inline'; img-src data:">
            <style>body{font:14px sans-serif;margin:12px;display:flex;gap:16px;align-items:flex-start}
            #list{min-width:220px}#list h2{font-size:15px;margin:0 0 8px}#list li{margin:4px 0}
            [data-day]{cursor:pointer}[data-day].chosen{stroke:#4a7fc1;stroke-width:2}</style></head>
            <body><div id="view">\(svg)</div><div id="list"><h2>\(ViewSVG.escape(title))</h2><p>Click a day to list its events.</p></div>
            <script>
            const days = \(json);
            for (const cell of document.querySelectorAll('[data-day]')) {
              cell.addEventListener('click', () => {
                for (const other of document.querySelectorAll('.chosen')) other.classList.remove('chosen');
                cell.classList.add('chosen');
                const list = document.getElementById('list');
                list.replaceChildren();
                const heading = document.createElement('h2');
                heading.textContent = cell.dataset.day;
                list.append(heading);
                const items = document.createElement('ul');
                for (const event of days[cell.dataset.day] || []) {
                  const item = document.createElement('li');
                  item.textContent = event.time + '  ' + event.title + (event.location ? ' (' + event.location + ')' : '');
                  items.append(item);
                }
                if (!items.children.length) { const none = document.createElement('p'); none.textContent = 'No events.'; list.append(none); }
                else list.append(items);
              });
            }
            </script></body></html>

            """
    }

    /// `09:00-10:30`, `all day`, with `...` for an end on another day.
    static func time(_ event: ViewEvent, day: Int, zone: ZoneRules) -> String {
        if event.isAllDay { return "all day" }
        func clock(_ instant: Instant) -> String {
            guard let local = try? ZonedDateTime(instant: instant, zone: zone).local else { return "" }
            let time = local.time
            return (time.hour < 10 ? "0" : "") + String(time.hour) + ":" + (time.minute < 10 ? "0" : "") + String(time.minute)
        }
        return (event.firstDay < day ? "..." : clock(event.start)) + "-" + (event.lastDay > day ? "..." : clock(event.end))
    }

    /// A JSON string that is also safe inside a `<script>`: `<`, `>`, `&` and the line separators as escapes.
    public static func string(_ text: String) -> String {
        var result = "\""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"": result += "\\\""
            case "\\": result += "\\\\"
            case "<", ">", "&", "\u{2028}", "\u{2029}":
                let hex = String(scalar.value, radix: 16)
                result += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
            default:
                if scalar.value < 0x20 {
                    let hex = String(scalar.value, radix: 16)
                    result += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
                } else {
                    result.unicodeScalars.append(scalar)
                }
            }
        }
        return result + "\""
    }
}
