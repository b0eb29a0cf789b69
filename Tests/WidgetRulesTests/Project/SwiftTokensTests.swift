import Testing
@testable import WidgetRules

/// The tokenizer alone: the literals, lines and brackets the scan relies on.
@Suite struct SwiftTokensTests {
    private func values(_ tokens: SwiftTokens) -> [String?] {
        tokens.tokens.indices.filter { tokens.kind($0) == .string }.map { tokens.strings[$0] }
    }

    @Test func stringLiteralsAndTheirValues() {
        let tokens = SwiftTokens(###"""
            a("plain", "esc\"aped\\", #"raw "quoted" \(no)"#, ##"x"#y"##, "in\(terp)olated", #"raw\#(terp)"#)
            """###)
        #expect(values(tokens) == ["plain", #"esc"aped\"#, #"raw "quoted" \(no)"#, ##"x"#y"##, nil, nil])
        #expect(tokens.tokens.filter { $0.kind == .identifier }.count == 1)
    }

    @Test func multiLineStringsAndCommentsKeepLineNumbers() {
        let tokens = SwiftTokens("""
            let a = \"\"\"
                one "quoted" line
                two \\(b + ")") lines
                \"\"\"
            /* one /* nested */ still
            comment */ let c = 1 // trailing "x"
            d
            """)
        #expect(values(tokens) == [nil])
        let names = tokens.tokens.indices.filter { tokens.isIdentifier($0) }.map { (tokens.text($0), tokens.line($0)) }
        #expect(names.map(\.0) == ["let", "a", "let", "c", "d"])
        #expect(names.map(\.1) == [1, 1, 6, 6, 7])
    }

    @Test func bracketsPairAndEnclose() {
        let tokens = SwiftTokens("f(a[1], { b })")
        // f ( a [ 1 ] , { b } )
        #expect(tokens.closer(of: 1) == 10)
        #expect(tokens.closer(of: 3) == 5)
        #expect(tokens.closer(of: 7) == 9)
        #expect(tokens.enclosing[8] == 7)
        #expect(tokens.enclosing[7] == 1)
        #expect(tokens.enclosing[0] == -1)
        // A closer of the wrong kind still closes the innermost opener; an unclosed opener
        // reaches the end; a closer with nothing open pairs with nothing.
        let broken = SwiftTokens("( ( ) ] ) {")
        #expect(broken.closer(of: 0) == 3)
        #expect(broken.partner[4] == -1)
        #expect(broken.closer(of: 5) == broken.count)
    }

    @Test func numbersAndOperators() {
        let tokens = SwiftTokens("x = -1_000.5e-3 ?? 0x1F; y?.z ? a : b")
        let texts = tokens.tokens.indices.map { tokens.text($0) }
        #expect(texts == ["x", "=", "-", "1_000.5e-3", "??", "0x1F", ";", "y", "?", ".", "z", "?", "a", ":", "b"])
        #expect(tokens.tokens[8].spaceBefore == false)
        #expect(tokens.tokens[11].spaceBefore == true)
    }
}
