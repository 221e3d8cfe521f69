/// The value slots of a schema's attributes: which keys have one, and which slot each got.
///
/// ```swift
/// var schema = Schema(types: [trail])
/// schema.assignSlots()
/// schema.numericSlot("length")   // 3: the first slot after the fixed ones (`IndexFormat.Slot`)
/// ```
extension Schema {
    /// Gives every key that needs a value slot one, keeping slots already assigned. Keys with
    /// the same name and encoding share a slot across types, so sorting a union works.
    mutating func assignSlots() {
        var next = max(IndexFormat.Slot.firstAttribute, (slots.values.max() ?? 0) + 1)
        for type in types {
            for attribute in type.attributes {
                for name in Schema.slotNames(for: attribute) where slots[name] == nil {
                    slots[name] = next
                    next += 1
                }
            }
        }
    }

    static func slotNames(for attribute: AttributeKey) -> [String] {
        var names: [String] = []
        if attribute.kind.isNumeric { names.append("n:" + attribute.key) }
        if attribute.sortable, !attribute.kind.isNumeric { names.append("s:" + attribute.key) }
        if attribute.isFacetable { names.append("f:" + attribute.key) }
        return names
    }

    /// The slot holding `key` as a sortable number, if any.
    func numericSlot(_ key: String) -> UInt32? { slots["n:" + key] }

    /// The slot holding `key` as a folded string for sorting, if any.
    func stringSlot(_ key: String) -> UInt32? { slots["s:" + key] }

    /// The slot holding every value of `key` (separated by 0x1F) for facet counts, if any.
    func facetSlot(_ key: String) -> UInt32? { key == "type" ? IndexFormat.Slot.type : slots["f:" + key] }
}

