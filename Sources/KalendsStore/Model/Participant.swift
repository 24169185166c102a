/// Someone taking part in an event: its ORGANIZER, or one of its ATTENDEEs
/// (RFC 5545 sections 3.8.4.1 and 3.8.4.3), as EventKit's EKParticipant is.
///
///     // ATTENDEE;CN="Levi, Anna";PARTSTAT=ACCEPTED;ROLE=CHAIR:mailto:anna@example.com
///     participant.address   // "mailto:anna@example.com"
///     participant.name      // "Levi, Anna"
///     participant.reply     // "ACCEPTED"
///     participant.role      // "CHAIR"
public struct Participant: Hashable, Sendable {
    /// The CAL-ADDRESS value as written: a URI, usually `mailto:anna@example.com`.
    public var address: String
    /// The common name (CN), its quotes and RFC 6868 escapes decoded; nil without one.
    public var name: String?
    /// The reply (PARTSTAT) as written, upper-cased: `NEEDS-ACTION`,
    /// `ACCEPTED`, `DECLINED`, `TENTATIVE`, `DELEGATED`, or another
    /// (an X- value); nil without one (RFC 5545 reads that as NEEDS-ACTION).
    public var reply: String?
    /// The role (ROLE) as written, upper-cased: `CHAIR`, `REQ-PARTICIPANT`,
    /// `OPT-PARTICIPANT`, `NON-PARTICIPANT`, or another; nil without one
    /// (RFC 5545 reads that as REQ-PARTICIPANT).
    public var role: String?

    /// A participant of this address, name, reply and role.
    public init(address: String, name: String? = nil, reply: String? = nil, role: String? = nil) {
        self.address = address
        self.name = name
        self.reply = reply
        self.role = role
    }

    /// The address without its `mailto:` scheme (any case), as people write an email address.
    public var email: String? {
        guard address.utf8.count > 7, address.prefix(7).lowercased() == "mailto:" else { return nil }
        return String(address.dropFirst(7))
    }
}
