/// English words dropped from free-text queries: function words and the words that frame a
/// question ("what", "describe", "give") rather than name its subject. They match nearly every
/// entity, so they add cost and noise to the ranking. Phrases keep them; a query of stopwords
/// only is still searched.
enum Stopwords {
    static let english: [String] = """
    a about above across after afterwards again against all almost alone along already also although always am \
    among amongst an and another any anybody anyhow anyone anything anyway anywhere are around as at be became \
    because become becomes becoming been before beforehand behind being below beside besides between beyond both \
    but by can cannot could did do does doing done down during each either else elsewhere enough etc even ever \
    every everyone everything everywhere few for former formerly from further furthermore had has have having he \
    hence her here hereafter hereby herein hers herself him himself his how however i ie if in indeed into is it \
    its itself just latter latterly least less many may me meanwhile might more moreover most mostly much must my \
    myself namely neither never nevertheless next no nobody none nor not nothing now nowhere of off often on once \
    one only onto or other others otherwise our ours ourselves out over own per perhaps please rather same several \
    she should since so some somehow someone something sometime sometimes somewhere still such than that the their \
    theirs them themselves then thence there thereafter thereby therefore therein thereupon these they this those \
    though through throughout thru thus to together too toward towards under until up upon us very via was we well \
    were what whatever when whence whenever where whereafter whereas whereby wherein whereupon wherever whether \
    which while whither who whoever whole whom whose why will with within without would yet you your yours \
    yourself yourselves describe described discuss give given find show shown wish want like way ways
    """.split(separator: " ").map(String.init)
}
