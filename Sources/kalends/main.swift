import Kalends
import Foundation
let rules = Calendars.hebrew
let icu = try! Calendars.system(.hebrew, engine: .icu)
var bad: [Int] = []
for y in 3700...6900 {
    if try! rules.firstDay(ofYear: y) != icu.firstDay(ofYear: y) { bad.append(y) }
}
print("years whose 1 Tishri differs:", bad.count, bad.map { "\($0)(\(ISODate(dayNumber: try! rules.firstDay(ofYear: $0))))" })
var c = Calendar(identifier: .hebrew); c.timeZone = TimeZone(identifier: "UTC")!
let adarI = c.date(from: DateComponents(year: 5784, month: 6, day: 1))!
print(c.dateComponents([.year,.month,.day,.isLeapMonth], from: adarI))
