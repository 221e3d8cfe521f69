/// How one entity is shown to a person: a title, an optional subtitle and image name
/// (App Intents' `DisplayRepresentation`).
///
/// ```swift
/// let display = DisplayRepresentation(title: "Mist Trail", subtitle: "Yosemite Valley", image: "mist-trail.jpg")
/// ```
public struct DisplayRepresentation: Sendable, Hashable {
    public var title: String
    public var subtitle: String?
    public var image: String?

    public init(title: String, subtitle: String? = nil, image: String? = nil) {
        self.title = title
        self.subtitle = subtitle
        self.image = image
    }

    var jsonValue: JSONValue {
        var members: [(key: String, value: JSONValue)] = [("title", .string(title))]
        if let subtitle { members.append(("subtitle", .string(subtitle))) }
        if let image { members.append(("image", .string(image))) }
        return .object(members)
    }

    init?(json: JSONValue) {
        guard let title = json["title"]?.stringValue else { return nil }
        self.init(title: title, subtitle: json["subtitle"]?.stringValue, image: json["image"]?.stringValue)
    }
}

/// How a whole entity type is named to a person (App Intents' `TypeDisplayRepresentation`).
///
/// ```swift
/// let type = TypeDisplayRepresentation(name: "Trail", pluralName: "Trails")
/// ```
public struct TypeDisplayRepresentation: Sendable, Hashable {
    public var name: String
    public var pluralName: String

    public init(name: String, pluralName: String? = nil) {
        self.name = name
        self.pluralName = pluralName ?? name + "s"
    }
}
