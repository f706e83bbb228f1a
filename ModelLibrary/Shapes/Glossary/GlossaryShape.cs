using System.Text;
using System.Text.Json.Serialization.Metadata;
using Proto = ModelLibrary.Shapes.Glossary.Protos;

namespace ModelLibrary.Shapes.Glossary;

/// <summary>
/// Glossary terms of a few sentences each, in one language: text-heavy records whose keys are short and whose values
/// are long. In Cyrillic, ASP.NET Core's default JSON encoder writes each letter as a six-byte <c>\uXXXX</c> escape.
/// </summary>
public abstract class GlossaryShape : PayloadShape<GlossaryTerm, Proto.GlossaryTermList>
{
    public override int SmallCount => 10;

    public override int LargeCount => 100;

    public override JsonTypeInfo<List<GlossaryTerm>> ListJson => GlossaryJsonContext.Default.ListGlossaryTerm;

    /// <summary>The language's words, from which keywords and sentences are drawn.</summary>
    protected abstract IReadOnlyList<string> Words { get; }

    /// <summary>Where the terms say they come from.</summary>
    protected abstract IReadOnlyList<string> Sources { get; }

    public override Proto.GlossaryTermList ToMessage(IEnumerable<GlossaryTerm> records)
    {
        var list = new Proto.GlossaryTermList();
        list.Terms.AddRange(
            records.Select(term => new Proto.GlossaryTerm
            {
                Id = term.Id,
                Keyword = term.Keyword,
                Description = term.Description,
                Source = term.Source,
            })
        );
        return list;
    }

    public override int CountOf(Proto.GlossaryTermList message) => message.Terms.Count;

    protected override IReadOnlyList<GlossaryTerm> Generate(int count)
    {
        var random = new SplitMix64(105);
        return
        [
            .. Enumerable
                .Range(1, count)
                .Select(id => new GlossaryTerm
                {
                    Id = (uint)id,
                    Keyword = $"{random.Pick(Words)} {random.Pick(Words)}",
                    Description = Description(random),
                    Source = random.Pick(Sources),
                }),
        ];
    }

    /// <summary>Three to six sentences of eight to fifteen words.</summary>
    private string Description(SplitMix64 random)
    {
        var text = new StringBuilder();
        for (var sentence = random.Next(3, 7); sentence > 0; sentence--)
        {
            var words = Enumerable.Range(0, random.Next(8, 16)).Select(_ => random.Pick(Words)).ToArray();
            words[0] = char.ToUpperInvariant(words[0][0]) + words[0][1..];
            text.Append(string.Join(' ', words)).Append(sentence > 1 ? ". " : ".");
        }

        return text.ToString();
    }
}

/// <summary>The glossary in English: ASCII text, which every JSON encoder writes as it is.</summary>
public sealed class EnglishGlossary : GlossaryShape
{
    public override string Name => "glossary-en";

    public override string Summary => "glossary terms of a few sentences each, in English (ASCII)";

    protected override IReadOnlyList<string> Words { get; } =
        string.Join(
                ' ',
                "request response server client message field record stream buffer schema network latency",
                "payload service contract version encoding header protocol channel deadline retry timeout",
                "cache index query the a of to and is in for with each when that which every"
            )
            .Split(' ');

    protected override IReadOnlyList<string> Sources { get; } = ["handbook", "design notes", "API reference", "wiki"];
}

/// <summary>The glossary in Russian: Cyrillic text, two bytes a letter in UTF-8 and six in an escaped JSON
/// string.</summary>
public sealed class RussianGlossary : GlossaryShape
{
    public override string Name => "glossary-ru";

    public override string Summary => "glossary terms of a few sentences each, in Russian (Cyrillic)";

    protected override IReadOnlyList<string> Words { get; } =
        string.Join(
                ' ',
                "запрос ответ сервер клиент",
                "сообщение поле запись поток",
                "буфер схема сеть задержка",
                "данные служба контракт версия",
                "кодировка заголовок протокол",
                "канал срок повтор ожидание",
                "кэш индекс значение и в на с",
                "для при когда который каждый",
                "это от по"
            )
            .Split(' ');

    protected override IReadOnlyList<string> Sources { get; } =
        string.Join(' ', "справочник заметки", "документация вики").Split(' ');
}
