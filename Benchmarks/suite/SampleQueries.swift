/// The fixed query lists for the bundled corpus: words from its titles and descriptions, a few words
/// that match nothing, and ids of every type plus two missing ones, like the generated Debian lists.
enum SampleQueries {
    static let search = [
        "granite waterfall",
        "half dome",
        "mist trail",
        "yosemite valley",
        "glacier",
        "lake",
        "alpine lakes rockies",
        "permit lottery cables",
        "dog friendly loop",
        "sunrise summit",
        "canyon river hike",
        "rainforest old growth",
        "lighthouse",
        "el cap",
        "waterfalls of the north atlantic",
        "volcano crater",
        "steep climb beside the river on granite steps",
        "hut to hut",
        "norway cliff",
        "snowshoe ski",
        "wildlife",
        "emerald",
        "xylophone quasar",
        "falls",
    ]

    /// One to three letters, as typed into a search field.
    static let prefixes = [
        "h", "ha", "hal", "g", "gr", "gra", "w", "wa", "wat", "m", "mi", "mis",
        "e", "el", "eme", "l", "la", "lak", "s", "su", "sun", "c", "ca", "can",
        "y", "yo", "yos", "p", "pe", "pea", "t", "th", "the", "q", "qx", "zzz",
    ]

    static let references = [
        "landmark:glacier-point", "trail:maligne-lake-paddle", "landmark:longs-peak", "trail:highline-trail",
        "trail:slough-creek-trail", "landmark:laguna-de-los-tres", "trail:abrams-falls-trail", "landmark:fairy-falls",
        "collection:9", "trail:burroughs-mountain-trail", "landmark:mount-ngauruhoe", "trail:lauterbrunnen-valley-walk",
        "trail:havasupai-trail", "trail:eagle-lake-carriage-road", "landmark:buttermere", "landmark:maligne-canyon",
        "trail:south-rim-trail-yellowstone", "trail:ryten-kvalvika", "trail:missing-trail", "collection:9999",
    ]
}
