/// One input, planned: what to read and where its thumbnail goes.
package struct PlannedInput: Sendable {
    package var input: BatchInput
    package var name: OutputNaming.Name
}
