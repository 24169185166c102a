import Kalends
import KalendsICalendar

/// A person, organization or group of an address book, as its vCard gives
/// it: plain values, in the order the card lists them. The card itself
/// (every property, unknown and X- ones included, photos as their text) is
/// kept in `card`; a contact is decoded from it, never written from it.
public struct Contact: Hashable, Sendable {
    /// A structured name (N): each part may hold several values, kept joined by spaces.
    public struct Name: Hashable, Sendable {
        public var family: String
        public var given: String
        public var additional: String
        public var prefixes: String
        public var suffixes: String

        /// A name of these parts.
        public init(family: String = "", given: String = "", additional: String = "", prefixes: String = "", suffixes: String = "") {
            self.family = family
            self.given = given
            self.additional = additional
            self.prefixes = prefixes
            self.suffixes = suffixes
        }

        /// The parts people write, in order: prefixes, given, additional, family, suffixes.
        public var displayed: String {
            [prefixes, given, additional, family, suffixes].filter { !$0.isEmpty }.joined(separator: " ")
        }
    }

    /// A phone number, email address or URL with its types (`cell`, `work`,
    /// lower-cased; `pref` is `preferred` instead) and Apple's label.
    public struct Entry: Hashable, Sendable {
        public var types: [String]
        public var value: String
        public var preferred: Bool
        public var label: String?

        /// An entry of this value, types, preference and label.
        public init(types: [String] = [], value: String, preferred: Bool = false, label: String? = nil) {
            self.types = types
            self.value = value
            self.preferred = preferred
            self.label = label
        }
    }

    /// A postal address (ADR).
    public struct Address: Hashable, Sendable {
        public var types: [String]
        public var poBox: String
        public var extended: String
        public var street: String
        public var locality: String
        public var region: String
        public var postalCode: String
        public var country: String
        public var preferred: Bool
        public var label: String?

        public init(types: [String] = [], poBox: String = "", extended: String = "", street: String = "", locality: String = "",
                    region: String = "", postalCode: String = "", country: String = "", preferred: Bool = false, label: String? = nil) {
            self.types = types
            self.poBox = poBox
            self.extended = extended
            self.street = street
            self.locality = locality
            self.region = region
            self.postalCode = postalCode
            self.country = country
            self.preferred = preferred
            self.label = label
        }
    }

    /// A date with what it is (Apple's X-ABDATE labels: "Wedding"...).
    public struct LabelledDate: Hashable, Sendable {
        public var label: String?
        public var date: VCardDate

        public init(label: String?, date: VCardDate) {
            self.label = label
            self.date = date
        }
    }

    /// UID, when the card has one.
    public var uid: String?
    /// The card's VERSION (`2.1`, `3.0`, `4.0`).
    public var version: String
    /// KIND (vCard 4: `individual`, `group`, `org`, `location`), lower-cased; nil when absent.
    public var kind: String?
    /// FN, else the structured name as written, else the organization, else the first email or phone.
    public var name: String
    /// N, when the card has one.
    public var structuredName: Name?
    public var nicknames: [String]
    /// ORG: the organization and its units.
    public var organization: [String]
    public var title: String?
    public var phones: [Entry]
    public var emails: [Entry]
    public var addresses: [Address]
    public var urls: [Entry]
    /// BDAY (in the calendar its CALSCALE names).
    public var birthday: VCardDate?
    /// Birthdays kept in another calendar: Apple's X-ALTBDAY.
    public var alternateBirthdays: [VCardDate]
    public var anniversary: VCardDate?
    /// DEATHDATE (RFC 6474).
    public var deathDate: VCardDate?
    /// Apple's other dates (X-ABDATE with their X-ABLabel).
    public var otherDates: [LabelledDate]
    public var note: String?
    public var categories: [String]
    /// MEMBER of a group card.
    public var members: [String]
    /// REV, as written.
    public var revision: String?
    /// Whether the card has a PHOTO (its data is not decoded).
    public var hasPhoto: Bool
    /// The file it was read from and the line of its BEGIN:VCARD.
    public var file: String
    public var line: Int
    /// The card as read.
    public var card: ICalendarComponent

    /// A contact of these fields (a new one, to be written by `VCardWriter`):
    /// `card` is an empty VCARD, `file` empty, unless given.
    public init(uid: String? = nil, version: String = "", kind: String? = nil, name: String, structuredName: Name? = nil,
                nicknames: [String] = [], organization: [String] = [], title: String? = nil, phones: [Entry] = [],
                emails: [Entry] = [], addresses: [Address] = [], urls: [Entry] = [], birthday: VCardDate? = nil,
                alternateBirthdays: [VCardDate] = [], anniversary: VCardDate? = nil, deathDate: VCardDate? = nil,
                otherDates: [LabelledDate] = [], note: String? = nil, categories: [String] = [], members: [String] = [],
                revision: String? = nil, hasPhoto: Bool = false, file: String = "", line: Int = 1,
                card: ICalendarComponent = ICalendarComponent(name: "VCARD")) {
        self.uid = uid
        self.version = version
        self.kind = kind
        self.name = name
        self.structuredName = structuredName
        self.nicknames = nicknames
        self.organization = organization
        self.title = title
        self.phones = phones
        self.emails = emails
        self.addresses = addresses
        self.urls = urls
        self.birthday = birthday
        self.alternateBirthdays = alternateBirthdays
        self.anniversary = anniversary
        self.deathDate = deathDate
        self.otherDates = otherDates
        self.note = note
        self.categories = categories
        self.members = members
        self.revision = revision
        self.hasPhoto = hasPhoto
        self.file = file
        self.line = line
        self.card = card
    }

    /// The first phone, email and address a list shows: the preferred one, else the first.
    public var firstPhone: Entry? { phones.first(where: \.preferred) ?? phones.first }
    public var firstEmail: Entry? { emails.first(where: \.preferred) ?? emails.first }
    public var firstAddress: Address? { addresses.first(where: \.preferred) ?? addresses.first }
}
